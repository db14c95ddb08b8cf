from enum import StrEnum


class LockDomainResponse200UnlockType0Status(StrEnum):
    APPROVED = "approved"
    PENDING = "pending"

    def __str__(self) -> str:
        return str(self.value)
