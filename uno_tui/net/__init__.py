"""Play across machines: a host runs the match, clients join it over WebSockets."""
