from enum import StrEnum


class LookupDomainResponse200ForSaleType0Currency(StrEnum):
    PATHUSD = "pathUSD"

    def __str__(self) -> str:
        return str(self.value)
