from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.batch_body_operations_item_type_0 import BatchBodyOperationsItemType0
    from ..models.batch_body_operations_item_type_1 import BatchBodyOperationsItemType1
    from ..models.batch_body_operations_item_type_2 import BatchBodyOperationsItemType2
    from ..models.batch_body_operations_item_type_3 import BatchBodyOperationsItemType3
    from ..models.batch_body_operations_item_type_4 import BatchBodyOperationsItemType4


T = TypeVar("T", bound="BatchBody")


@_attrs_define
class BatchBody:
    """
    Attributes:
        operations (list[BatchBodyOperationsItemType0 | BatchBodyOperationsItemType1 | BatchBodyOperationsItemType2 |
            BatchBodyOperationsItemType3 | BatchBodyOperationsItemType4]):
    """

    operations: list[
        BatchBodyOperationsItemType0
        | BatchBodyOperationsItemType1
        | BatchBodyOperationsItemType2
        | BatchBodyOperationsItemType3
        | BatchBodyOperationsItemType4
    ]

    def to_dict(self) -> dict[str, Any]:
        from ..models.batch_body_operations_item_type_0 import BatchBodyOperationsItemType0  # noqa: PLC0415
        from ..models.batch_body_operations_item_type_1 import BatchBodyOperationsItemType1  # noqa: PLC0415
        from ..models.batch_body_operations_item_type_2 import BatchBodyOperationsItemType2  # noqa: PLC0415
        from ..models.batch_body_operations_item_type_3 import BatchBodyOperationsItemType3  # noqa: PLC0415

        operations = []
        for operations_item_data in self.operations:
            operations_item: dict[str, Any]
            if isinstance(operations_item_data, BatchBodyOperationsItemType0):
                operations_item = operations_item_data.to_dict()
            elif isinstance(operations_item_data, BatchBodyOperationsItemType1):
                operations_item = operations_item_data.to_dict()
            elif isinstance(operations_item_data, BatchBodyOperationsItemType2):
                operations_item = operations_item_data.to_dict()
            elif isinstance(operations_item_data, BatchBodyOperationsItemType3):
                operations_item = operations_item_data.to_dict()
            else:
                operations_item = operations_item_data.to_dict()

            operations.append(operations_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "operations": operations,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.batch_body_operations_item_type_0 import BatchBodyOperationsItemType0  # noqa: PLC0415
        from ..models.batch_body_operations_item_type_1 import BatchBodyOperationsItemType1  # noqa: PLC0415
        from ..models.batch_body_operations_item_type_2 import BatchBodyOperationsItemType2  # noqa: PLC0415
        from ..models.batch_body_operations_item_type_3 import BatchBodyOperationsItemType3  # noqa: PLC0415
        from ..models.batch_body_operations_item_type_4 import BatchBodyOperationsItemType4  # noqa: PLC0415

        d = dict(src_dict)
        operations = []
        _operations = d.pop("operations")
        for operations_item_data in _operations:

            def _parse_operations_item(
                data: object,
            ) -> (
                BatchBodyOperationsItemType0
                | BatchBodyOperationsItemType1
                | BatchBodyOperationsItemType2
                | BatchBodyOperationsItemType3
                | BatchBodyOperationsItemType4
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    operations_item_type_0 = BatchBodyOperationsItemType0.from_dict(data)

                    return operations_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    operations_item_type_1 = BatchBodyOperationsItemType1.from_dict(data)

                    return operations_item_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    operations_item_type_2 = BatchBodyOperationsItemType2.from_dict(data)

                    return operations_item_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    operations_item_type_3 = BatchBodyOperationsItemType3.from_dict(data)

                    return operations_item_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                operations_item_type_4 = BatchBodyOperationsItemType4.from_dict(data)

                return operations_item_type_4

            operations_item = _parse_operations_item(operations_item_data)

            operations.append(operations_item)

        batch_body = cls(
            operations=operations,
        )

        return batch_body
