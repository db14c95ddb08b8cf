from enum import StrEnum


class ListNamespacesResponse200NamespacesItemType1RegistrationTermLimitsModel(StrEnum):
    ANNUAL_PRICE_TIMES_YEARS = "annual_price_times_years"

    def __str__(self) -> str:
        return str(self.value)
