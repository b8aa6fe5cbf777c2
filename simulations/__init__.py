"""Studies built on the equity toolkit, one module per study, run as resumable batch jobs.

Three layers, each importing only the ones below it: ``study`` (the
:class:`~simulations.study.Study` description and the per-deal sums every
study reports); the studies, ``eldorado_swap`` (1), ``switch_pairs`` (2),
``tahoe_usage`` (3), ``rarity`` (4) and ``starting_hands`` (5); ``registry``
(the studies by name) and ``harness``, which plans a study's work as seeded
chunks, saves each finished chunk as Parquet, resumes interrupted runs and
optionally sends chunks to Dask.  On top: ``cli`` is the ``equity sim`` command
(``list``, ``run``, ``show``, ``plot``), ``plots`` charts each study's runs,
``headline`` is the ``make run`` job and ``demo`` prints the rule documents'
worked examples and a few exact equities.
"""
