predefined

