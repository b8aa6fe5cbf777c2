"""Studies built on the equity toolkit, one module per study."""
