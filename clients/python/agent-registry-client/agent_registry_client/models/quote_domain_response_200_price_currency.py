from enum import StrEnum


class QuoteDomainResponse200PriceCurrency(StrEnum):
    PATHUSD = "pathUSD"
    USDC = "USDC"

    def __str__(self) -> str:
        return str(self.value)
