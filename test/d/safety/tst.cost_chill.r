both ran: 1
capped together: 1
