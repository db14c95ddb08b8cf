from enum import StrEnum


class BatchBodyOperationsItemType4Op(StrEnum):
    LIST_FOR_SALE = "list_for_sale"

    def __str__(self) -> str:
        return str(self.value)
