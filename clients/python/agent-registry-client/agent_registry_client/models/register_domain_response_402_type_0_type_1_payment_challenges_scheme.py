from enum import StrEnum


class RegisterDomainResponse402Type0Type1PaymentChallengesScheme(StrEnum):
    EXACT = "exact"

    def __str__(self) -> str:
        return str(self.value)
