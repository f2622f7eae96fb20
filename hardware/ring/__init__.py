"""The LED moon ring: protocol helpers (protocol.py) and firmware deployment (flash.py)."""
