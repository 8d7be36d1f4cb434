"""A password hasher for tests that counts its work: set in PASSWORD_HASHERS for a test, it shows whether a
request made the server hash a password (Django's own MD5 hasher underneath, so the test stays fast)."""

from django.contrib.auth.hashers import MD5PasswordHasher


class CountingHasher(MD5PasswordHasher):
    algorithm = "counting_md5"
    calls = 0

    def encode(self, password, salt):
        CountingHasher.calls += 1
        return super().encode(password, salt)
