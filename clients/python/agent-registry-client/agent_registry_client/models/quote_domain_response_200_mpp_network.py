from enum import StrEnum


class QuoteDomainResponse200MppNetwork(StrEnum):
    BASE = "base"
    TEMPO = "tempo"

    def __str__(self) -> str:
        return str(self.value)
