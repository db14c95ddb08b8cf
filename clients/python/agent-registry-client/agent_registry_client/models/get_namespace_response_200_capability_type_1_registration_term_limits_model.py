from enum import StrEnum


class GetNamespaceResponse200CapabilityType1RegistrationTermLimitsModel(StrEnum):
    ANNUAL_PRICE_TIMES_YEARS = "annual_price_times_years"

    def __str__(self) -> str:
        return str(self.value)
