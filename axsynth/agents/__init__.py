"""axsynth as a backend for AI agents and their tools: the ``diff`` command and the
``mcp`` server (Model Context Protocol), over the public API."""
