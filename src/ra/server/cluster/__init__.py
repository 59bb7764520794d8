"""How one server process shares its tables with the others on the same database (docs/DEPLOY.md): pub/sub (local
and shared), the Redis doorbell, catching a table up from the database, and the cluster coordinator."""
