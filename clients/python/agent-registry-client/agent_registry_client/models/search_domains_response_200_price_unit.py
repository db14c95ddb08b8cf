from enum import StrEnum


class SearchDomainsResponse200PriceUnit(StrEnum):
    GEMS_PER_YEAR = "gems_per_year"

    def __str__(self) -> str:
        return str(self.value)
