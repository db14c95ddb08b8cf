from enum import StrEnum


class QuoteDomainResponse200Status(StrEnum):
    QUOTED = "quoted"

    def __str__(self) -> str:
        return str(self.value)
