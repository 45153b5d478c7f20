"""File formats and text reports: the layer between the model and the outside."""
