from enum import StrEnum


class VerifyMppPaymentResponse200DomainStatus(StrEnum):
    ACTIVE = "active"

    def __str__(self) -> str:
        return str(self.value)
