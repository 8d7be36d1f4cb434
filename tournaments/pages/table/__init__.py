"""The pages of a table's phone: signed in with the table's code, its boards entered and confirmed (`phone`),
from the buttons a Bridgemate has (`buttons`)."""
