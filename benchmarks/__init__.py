"""Speed measured against baselines in the same run (see README.md here); run each script directly."""
