from enum import StrEnum


class WithdrawOfferResponse409Type0Status(StrEnum):
    ERROR = "error"

    def __str__(self) -> str:
        return str(self.value)
