from enum import StrEnum


class RegisterDomainResponse202Type1Status(StrEnum):
    APPROVAL_REQUIRED = "approval_required"

    def __str__(self) -> str:
        return str(self.value)
