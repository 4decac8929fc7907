unused probes gone after exit: 0
unused probes gone after exec: 0
enabled probes still listed after exit: 0
gone after the consumer was killed: 0
