#!/bin/sh
# Which snapshot the ticks see depends on when the first tick fires; that
# they all see the same one does not.
awk '/^tick / { seen[$2] = 1; n++ } !/^tick / { print }
	END { k = 0; for (v in seen) k++; print n " ticks, " k " snapshot" (k == 1 ? "" : "s") }'
