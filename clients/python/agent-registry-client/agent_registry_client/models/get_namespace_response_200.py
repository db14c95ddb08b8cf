from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.get_namespace_response_200_schema_version import GetNamespaceResponse200SchemaVersion
from ..models.get_namespace_response_200_status import GetNamespaceResponse200Status

if TYPE_CHECKING:
    from ..models.get_namespace_response_200_capability_type_0 import GetNamespaceResponse200CapabilityType0
    from ..models.get_namespace_response_200_capability_type_1 import GetNamespaceResponse200CapabilityType1


T = TypeVar("T", bound="GetNamespaceResponse200")


@_attrs_define
class GetNamespaceResponse200:
    """
    Attributes:
        status (GetNamespaceResponse200Status):
        schema_version (GetNamespaceResponse200SchemaVersion):
        catalog_version (str):
        capability (GetNamespaceResponse200CapabilityType0 | GetNamespaceResponse200CapabilityType1):
            NamespaceCapability
    """

    status: GetNamespaceResponse200Status
    schema_version: GetNamespaceResponse200SchemaVersion
    catalog_version: str
    capability: GetNamespaceResponse200CapabilityType0 | GetNamespaceResponse200CapabilityType1

    def to_dict(self) -> dict[str, Any]:
        from ..models.get_namespace_response_200_capability_type_0 import GetNamespaceResponse200CapabilityType0  # noqa: PLC0415

        status = self.status.value

        schema_version = self.schema_version.value

        catalog_version = self.catalog_version

        capability: dict[str, Any]
        if isinstance(self.capability, GetNamespaceResponse200CapabilityType0):
            capability = self.capability.to_dict()
        else:
            capability = self.capability.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "schema_version": schema_version,
                "catalog_version": catalog_version,
                "capability": capability,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_namespace_response_200_capability_type_0 import GetNamespaceResponse200CapabilityType0  # noqa: PLC0415
        from ..models.get_namespace_response_200_capability_type_1 import GetNamespaceResponse200CapabilityType1  # noqa: PLC0415

        d = dict(src_dict)
        status = GetNamespaceResponse200Status(d.pop("status"))

        schema_version = GetNamespaceResponse200SchemaVersion(d.pop("schema_version"))

        catalog_version = d.pop("catalog_version")

        def _parse_capability(
            data: object,
        ) -> GetNamespaceResponse200CapabilityType0 | GetNamespaceResponse200CapabilityType1:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                capability_type_0 = GetNamespaceResponse200CapabilityType0.from_dict(data)

                return capability_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            capability_type_1 = GetNamespaceResponse200CapabilityType1.from_dict(data)

            return capability_type_1

        capability = _parse_capability(d.pop("capability"))

        get_namespace_response_200 = cls(
            status=status,
            schema_version=schema_version,
            catalog_version=catalog_version,
            capability=capability,
        )

        return get_namespace_response_200
