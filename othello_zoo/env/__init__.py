"""The environments over the engine: PettingZoo AEC and Parallel (:mod:`~othello_zoo.env.othello_v0`), the
vectorized parallel API (:mod:`~othello_zoo.env.vector`), their one set of settings
(:mod:`~othello_zoo.env.config`) and the opening books (:mod:`~othello_zoo.env.openings`)."""
