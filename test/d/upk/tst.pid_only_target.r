pidPID upk_probe upk_add entry
fired in target 1

