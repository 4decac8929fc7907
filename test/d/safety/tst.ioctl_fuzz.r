alive

