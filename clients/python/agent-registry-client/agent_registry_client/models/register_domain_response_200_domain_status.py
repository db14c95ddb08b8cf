from enum import StrEnum


class RegisterDomainResponse200DomainStatus(StrEnum):
    ACTIVE = "active"

    def __str__(self) -> str:
        return str(self.value)
