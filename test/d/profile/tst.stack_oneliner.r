exit 0
symbolized frames: 1
idle seen: 1
samples: about a second per CPU: 1
