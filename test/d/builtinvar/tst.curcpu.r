
cpu 0: id 1 pset -1 chip 1 lgrp 1

cpu 1: id 1 pset -1 chip 1 lgrp 1
