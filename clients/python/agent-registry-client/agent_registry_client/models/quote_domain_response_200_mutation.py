from enum import StrEnum


class QuoteDomainResponse200Mutation(StrEnum):
    NONE = "none"

    def __str__(self) -> str:
        return str(self.value)
