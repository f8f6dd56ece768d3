"""The import and the audit on Apache Spark: the same parsers, store and audit, the work
spread over a cluster's executors (`pip install '.[spark]'`).

`tracker.spark.session` starts a session, `tracker.spark.import_job` reads the files on
the executors and writes them through the store, `tracker.spark.audit_job` audits the
(site, month) batches on the executors; docs/scaling.md lays out a site-wide run.
"""
