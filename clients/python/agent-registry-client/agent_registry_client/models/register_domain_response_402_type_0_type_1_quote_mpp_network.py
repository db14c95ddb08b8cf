from enum import StrEnum


class RegisterDomainResponse402Type0Type1QuoteMppNetwork(StrEnum):
    BASE = "base"

    def __str__(self) -> str:
        return str(self.value)
