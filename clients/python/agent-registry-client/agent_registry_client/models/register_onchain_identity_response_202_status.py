from enum import StrEnum


class RegisterOnchainIdentityResponse202Status(StrEnum):
    APPROVAL_REQUIRED = "approval_required"

    def __str__(self) -> str:
        return str(self.value)
