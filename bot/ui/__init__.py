"""Discord components and message builders (the only UI code; no rules here)."""
