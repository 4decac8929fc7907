
BEGIN errno 0
entry errno 0
failed kill errno 3 ret -3
successful kill errno 0 ret 0
