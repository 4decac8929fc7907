id 1
before commit
speculative 1
speculative two

