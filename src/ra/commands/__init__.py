"""One module per `ra` sub-command; each exposes `register(app)`."""
