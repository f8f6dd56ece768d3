"""The `tracker` command as a Spark application, for `spark-submit` (docs/scaling.md):

    spark-submit --master spark://head:7077 tracker/spark/submit.py \\
        import /shared/histories --data /shared/hilo-data --engine spark

The master and the settings are then spark-submit's; the arguments are `tracker`'s.
"""

from tracker.cli import app

if __name__ == "__main__":
    app()
