"""Studies built on the equity toolkit, one module per study, run as resumable batch jobs.

``harness`` plans a study's work as seeded chunks, saves each finished chunk as
Parquet, resumes interrupted runs and optionally sends chunks to Dask; ``cli``
is the ``equity sim`` command (``list``, ``run``, ``show``).  The studies:
``eldorado_swap`` (1), ``switch_pairs`` (2), ``tahoe_usage`` (3) and ``rarity``
(4).  ``headline`` is the ``make run`` job; ``demo`` prints the rule documents'
worked examples and a few exact equities.
"""
