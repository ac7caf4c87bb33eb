"""AlphaZero on the engine: the policy-value network (:mod:`~othello_zoo.alphazero.network`), batched
self-play and matches (:mod:`~othello_zoo.alphazero.selfplay`), the trainer
(:mod:`~othello_zoo.alphazero.train`) and its Ray workers (:mod:`~othello_zoo.alphazero.workers`)."""
