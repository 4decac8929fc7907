cycle: ok
pid entry fired

