from enum import StrEnum


class ListActivityResponse200DataItemPaymentMethod(StrEnum):
    FREE = "free"
    GEMS = "gems"
    GFAVIP_CHECKOUT = "gfavip_checkout"
    MPP = "mpp"

    def __str__(self) -> str:
        return str(self.value)
