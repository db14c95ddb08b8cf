from enum import StrEnum


class QuoteDomainResponse200PricePriceClass(StrEnum):
    AGENT = "agent"
    HUMAN = "human"

    def __str__(self) -> str:
        return str(self.value)
