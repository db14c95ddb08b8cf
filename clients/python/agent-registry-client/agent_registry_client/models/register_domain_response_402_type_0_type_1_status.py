from enum import StrEnum


class RegisterDomainResponse402Type0Type1Status(StrEnum):
    PAYMENT_REQUIRED = "payment_required"

    def __str__(self) -> str:
        return str(self.value)
