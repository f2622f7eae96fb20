"""The screens: home, card catalogue, Big Bang setup wizard and table view (with its panels)."""
