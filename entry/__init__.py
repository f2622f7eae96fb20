"""The entry point: the `companion` command and the one composition root (`root.Companion`) that
wires the store, the session, the table, the devices (`hardware/`) and the touchscreen (`ui/`).

The layers below never import each other upwards: `companion/` imports neither `hardware/` nor
`ui/`, `hardware/` never imports `ui/`; only this package knows all three.
"""
