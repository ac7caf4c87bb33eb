"""The environments over the engine: PettingZoo AEC and Parallel (:mod:`~othello_zoo.env.othello_v0`),
the vectorized parallel API (:mod:`~othello_zoo.env.vector`), the opening books
(:mod:`~othello_zoo.env.openings`) and one-board play for the AEC env (:mod:`~othello_zoo.env.single`)."""
