"""The pure rules core: dice, pools, the five systems and contests. Standard library only."""
