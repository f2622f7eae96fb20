"""Device adapters: buttons, card readers and the LED ring."""
