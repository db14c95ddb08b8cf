from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.list_namespaces_response_200_schema_version import ListNamespacesResponse200SchemaVersion
from ..models.list_namespaces_response_200_status import ListNamespacesResponse200Status

if TYPE_CHECKING:
    from ..models.list_namespaces_response_200_namespaces_item_type_0 import (
        ListNamespacesResponse200NamespacesItemType0,
    )
    from ..models.list_namespaces_response_200_namespaces_item_type_1 import (
        ListNamespacesResponse200NamespacesItemType1,
    )


T = TypeVar("T", bound="ListNamespacesResponse200")


@_attrs_define
class ListNamespacesResponse200:
    """
    Attributes:
        status (ListNamespacesResponse200Status):
        schema_version (ListNamespacesResponse200SchemaVersion):
        catalog_version (str):
        namespaces (list[ListNamespacesResponse200NamespacesItemType0 | ListNamespacesResponse200NamespacesItemType1]):
    """

    status: ListNamespacesResponse200Status
    schema_version: ListNamespacesResponse200SchemaVersion
    catalog_version: str
    namespaces: list[ListNamespacesResponse200NamespacesItemType0 | ListNamespacesResponse200NamespacesItemType1]

    def to_dict(self) -> dict[str, Any]:
        from ..models.list_namespaces_response_200_namespaces_item_type_0 import (
            ListNamespacesResponse200NamespacesItemType0,  # noqa: PLC0415
        )

        status = self.status.value

        schema_version = self.schema_version.value

        catalog_version = self.catalog_version

        namespaces = []
        for namespaces_item_data in self.namespaces:
            namespaces_item: dict[str, Any]
            if isinstance(namespaces_item_data, ListNamespacesResponse200NamespacesItemType0):
                namespaces_item = namespaces_item_data.to_dict()
            else:
                namespaces_item = namespaces_item_data.to_dict()

            namespaces.append(namespaces_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "schema_version": schema_version,
                "catalog_version": catalog_version,
                "namespaces": namespaces,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.list_namespaces_response_200_namespaces_item_type_0 import (
            ListNamespacesResponse200NamespacesItemType0,  # noqa: PLC0415
        )
        from ..models.list_namespaces_response_200_namespaces_item_type_1 import (
            ListNamespacesResponse200NamespacesItemType1,  # noqa: PLC0415
        )

        d = dict(src_dict)
        status = ListNamespacesResponse200Status(d.pop("status"))

        schema_version = ListNamespacesResponse200SchemaVersion(d.pop("schema_version"))

        catalog_version = d.pop("catalog_version")

        namespaces = []
        _namespaces = d.pop("namespaces")
        for namespaces_item_data in _namespaces:

            def _parse_namespaces_item(
                data: object,
            ) -> ListNamespacesResponse200NamespacesItemType0 | ListNamespacesResponse200NamespacesItemType1:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    namespaces_item_type_0 = ListNamespacesResponse200NamespacesItemType0.from_dict(data)

                    return namespaces_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                namespaces_item_type_1 = ListNamespacesResponse200NamespacesItemType1.from_dict(data)

                return namespaces_item_type_1

            namespaces_item = _parse_namespaces_item(namespaces_item_data)

            namespaces.append(namespaces_item)

        list_namespaces_response_200 = cls(
            status=status,
            schema_version=schema_version,
            catalog_version=catalog_version,
            namespaces=namespaces,
        )

        return list_namespaces_response_200
