from enum import StrEnum


class QuoteDomainResponse200NextMethod(StrEnum):
    POST = "POST"

    def __str__(self) -> str:
        return str(self.value)
