"""The LED ring: the protocol (protocol.py), what each kind of ring view looks like on it (render.py), the
serial link (client.py) or a simulated ring (sim.py), and flashing its firmware (flash.py)."""
